import { addMessages } from './index';
import en from './en-US/people.json';
import zh from './zh-CN/people.json';

/** Texts of the people picker (src/ui/people), shared by every element that names people. */
addMessages('people', { 'zh-CN': zh, 'en-US': en });
