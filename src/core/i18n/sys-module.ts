import { addMessages } from './index';
import en from './en-US/sys-module.json';
import zh from './zh-CN/sys-module.json';

/** Texts of atrium-sys-module (docs/forms.md, "System modules"). */
addMessages('sysModule', { 'zh-CN': zh, 'en-US': en });
