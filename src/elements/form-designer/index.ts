import '../../core/i18n/forms';
import { defineElement } from '../../ui/element/define';
import { FormDesigner } from './FormDesigner';
import { meta } from './meta';

defineElement({ meta, component: FormDesigner });
