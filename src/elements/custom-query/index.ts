import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { CustomQuery } from './CustomQuery';
import { meta } from './meta';

defineElement({ meta, component: CustomQuery });
