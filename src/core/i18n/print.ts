import { addMessages } from './index';
import en from './en-US/print.json';
import zh from './zh-CN/print.json';

/** Texts of the print views (the server reads the `errors` and `params` of the same files). */
addMessages('print', { 'zh-CN': zh, 'en-US': en });
