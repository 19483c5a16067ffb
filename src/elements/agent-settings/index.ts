import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { AgentSettings } from './AgentSettings';
import { meta } from './meta';

defineElement({ meta, component: AgentSettings });
