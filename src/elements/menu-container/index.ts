import '../../core/i18n/shell';
import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { MenuContainer } from './MenuContainer';

defineElement({ meta, component: MenuContainer, styles: ':host { height: 100%; }' });
