import '../../core/i18n/finance';
import { defineElement } from '../../ui/element/define';
import { ContractList } from './ContractList';
import { meta } from './meta';

defineElement({ meta, component: ContractList });
