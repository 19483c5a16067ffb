import { addMessages } from './index';
import en from './en-US/shell.json';
import zh from './zh-CN/shell.json';

/** Texts of the portal shell: top bar, side menu, home, statement shell. */
addMessages('shell', { 'zh-CN': zh, 'en-US': en });
