import { addMessages } from './index';
import en from './en-US/charts.json';
import zh from './zh-CN/charts.json';

/** Texts of the chart column: conditions, tabs, paging and exports. */
addMessages('charts', { 'zh-CN': zh, 'en-US': en });
