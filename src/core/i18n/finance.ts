import { addMessages } from './index';
import en from './en-US/finance.json';
import zh from './zh-CN/finance.json';

/** Texts of the merchant finance lists. */
addMessages('finance', { 'zh-CN': zh, 'en-US': en });
