import '../../core/i18n/shell';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { SideMenu } from './SideMenu';

defineElement({ meta, component: SideMenu, styles: ':host { height: 100%; }' });
