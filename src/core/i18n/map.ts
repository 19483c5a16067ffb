import { addMessages } from './index';
import en from './en-US/map.json';
import zh from './zh-CN/map.json';

/** Texts of the floor map and its editors. */
addMessages('map', { 'zh-CN': zh, 'en-US': en });
