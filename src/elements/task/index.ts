import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { Task } from './Task';
import { meta } from './meta';

defineElement({ meta, component: Task });
