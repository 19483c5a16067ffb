import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { FlowIncidents } from './FlowIncidents';
import { meta } from './meta';

defineElement({ meta, component: FlowIncidents });
