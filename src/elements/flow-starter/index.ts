import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { FlowStarter } from './FlowStarter';
import { meta } from './meta';

defineElement({ meta, component: FlowStarter });
