import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { FavouriteApps } from './FavouriteApps';
import { meta } from './meta';

defineElement({ meta, component: FavouriteApps });
