import '../../core/i18n/finance';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { StatementList } from './StatementList';

defineElement({ meta, component: StatementList });
