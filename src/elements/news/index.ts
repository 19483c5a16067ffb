import '../../core/i18n/login';
import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { News } from './News';

defineElement({ meta, component: News });
