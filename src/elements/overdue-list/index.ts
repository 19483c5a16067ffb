import '../../core/i18n/finance';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { OverdueList } from './OverdueList';

defineElement({ meta, component: OverdueList });
