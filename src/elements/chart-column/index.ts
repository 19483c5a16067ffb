import '../../core/i18n/charts';
import { defineElement } from '../../ui/element/define';
import { ChartColumn } from './ChartColumn';
import { meta } from './meta';

defineElement({ meta, component: ChartColumn });
