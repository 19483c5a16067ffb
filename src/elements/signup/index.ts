import '../../core/i18n/login';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { Signup } from './Signup';

defineElement({ meta, component: Signup });
