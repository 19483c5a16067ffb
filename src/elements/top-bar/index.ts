import '../../core/i18n/shell';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { TopBar } from './TopBar';

defineElement({ meta, component: TopBar });
