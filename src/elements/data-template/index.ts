import '../../core/i18n/forms';
import { defineElement } from '../../ui/element/define';
import { DataTemplate } from './DataTemplate';
import { meta } from './meta';

defineElement({ meta, component: DataTemplate });
