import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { TaskList } from './TaskList';
import { meta } from './meta';

defineElement({ meta, component: TaskList });
