import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { TaskCounters } from './TaskCounters';
import { meta } from './meta';

defineElement({ meta, component: TaskCounters });
