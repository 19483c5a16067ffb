import '../../core/i18n/print';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { Print } from './Print';

defineElement({ meta, component: Print });
