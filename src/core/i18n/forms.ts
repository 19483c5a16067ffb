import { addMessages } from './index';
import en from './en-US/forms.json';
import zh from './zh-CN/forms.json';

/** Texts of online forms: formula errors (src/core/forms/), titled "公式错误" / "Formula error". */
addMessages('forms', { 'zh-CN': zh, 'en-US': en });
