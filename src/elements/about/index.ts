import '../../core/i18n/login';
import { defineElement } from '../../ui/element/define';
import { About } from './About';
import { meta } from './meta';

defineElement({ meta, component: About });
