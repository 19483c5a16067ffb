import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { TodoCard } from './TodoCard';
import { meta } from './meta';

defineElement({ meta, component: TodoCard });
