import '../../core/i18n/shell';
import { defineElement } from '../../ui/element/define';
import { Home } from './Home';
import { meta } from './meta';

defineElement({ meta, component: Home });
