import '../../core/i18n/mail';
import { defineElement } from '../../ui/element/define';
import { MailSettings } from './MailSettings';
import { meta } from './meta';

defineElement({ meta, component: MailSettings });
