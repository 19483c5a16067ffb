import { addMessages } from './index';
import en from './en-US/login.json';
import zh from './zh-CN/login.json';

/** Texts of the public entry: login, sign-up, announcements, about, reset password. */
addMessages('login', { 'zh-CN': zh, 'en-US': en });
