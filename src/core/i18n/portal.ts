import { addMessages } from './index';
import en from './en-US/portal.json';
import zh from './zh-CN/portal.json';

/** Texts of the host portal's own frame (brand panel, home). */
addMessages('portal', { 'zh-CN': zh, 'en-US': en });
