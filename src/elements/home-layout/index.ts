import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { HomeLayoutEditor } from './HomeLayoutEditor';
import { meta } from './meta';

defineElement({ meta, component: HomeLayoutEditor });
