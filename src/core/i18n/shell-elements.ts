import { addMessages } from './index';
import en from './en-US/shell-elements.json';
import zh from './zh-CN/shell-elements.json';

/** Texts of the shell's attachment, news viewer, custom query and password elements. */
addMessages('shell-elements', { 'zh-CN': zh, 'en-US': en });
