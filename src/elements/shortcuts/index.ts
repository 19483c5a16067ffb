import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { Shortcuts } from './Shortcuts';
import { meta } from './meta';

defineElement({ meta, component: Shortcuts });
