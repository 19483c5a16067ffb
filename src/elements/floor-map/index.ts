import '../../core/i18n/map';
import { defineElement } from '../../ui/element/define';
import { FloorMap } from './FloorMap';
import { meta } from './meta';

defineElement({ meta, component: FloorMap, styles: ':host { display: block; height: 100%; }' });
