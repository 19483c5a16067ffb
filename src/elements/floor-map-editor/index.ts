import '../../core/i18n/map';
import { defineElement } from '../../ui/element/define';
import { FloorMapEditor } from './FloorMapEditor';
import { meta } from './meta';

defineElement({ meta, component: FloorMapEditor });
