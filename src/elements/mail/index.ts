import '../../core/i18n/mail';
import { defineElement } from '../../ui/element/define';
import { Mail } from './Mail';
import { meta } from './meta';

defineElement({ meta, component: Mail });
