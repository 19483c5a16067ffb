import '../../core/i18n/login';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { ResetPassword } from './ResetPassword';

defineElement({ meta, component: ResetPassword });
