import { addMessages } from './index';
import en from './en-US/mail.json';
import zh from './zh-CN/mail.json';

/** Texts of the mail elements: mailbox, reader, composer, contacts, mail settings. */
addMessages('mail', { 'zh-CN': zh, 'en-US': en });
