import { addMessages } from './index';
import en from './en-US/workflow.json';
import zh from './zh-CN/workflow.json';

/** Texts of the workflow elements: to-do, lists, task page, flow image, starter, settings. */
addMessages('workflow', { 'zh-CN': zh, 'en-US': en });
