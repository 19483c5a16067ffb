import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { QueryView } from './QueryView';
import { meta } from './meta';

defineElement({ meta, component: QueryView });
