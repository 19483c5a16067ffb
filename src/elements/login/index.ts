import '../../core/i18n/login';
import { defineElement } from '../../ui/element/define';
import { Login } from './Login';
import { meta } from './meta';

defineElement({ meta, component: Login });
