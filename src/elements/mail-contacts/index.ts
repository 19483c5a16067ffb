import '../../core/i18n/mail';
import { defineElement } from '../../ui/element/define';
import { MailContacts } from './MailContacts';
import { meta } from './meta';

defineElement({ meta, component: MailContacts });
