import '../../core/i18n/workflow';
import { defineElement } from '../../ui/element/define';
import { FlowImage } from './FlowImage';
import { meta } from './meta';

defineElement({ meta, component: FlowImage });
