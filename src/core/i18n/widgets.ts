import { addMessages } from './index';
import en from './en-US/widgets.json';
import zh from './zh-CN/widgets.json';

/** Texts of the home widgets: meetings, messages, carousel, favourite apps, shortcuts, layout. */
addMessages('widgets', { 'zh-CN': zh, 'en-US': en });
