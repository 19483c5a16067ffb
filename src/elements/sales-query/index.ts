import '../../core/i18n/finance';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { SalesQuery } from './SalesQuery';

defineElement({ meta, component: SalesQuery });
