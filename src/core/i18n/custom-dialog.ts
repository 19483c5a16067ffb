import { addMessages } from './index';
import en from './en-US/custom-dialog.json';
import zh from './zh-CN/custom-dialog.json';

/** Texts of atrium-custom-dialog (docs/forms.md, "Custom dialogs"). */
addMessages('customDialog', { 'zh-CN': zh, 'en-US': en });
