import '../../core/i18n/finance';
import { defineElement } from '../../ui/element/define';
import { InvoiceListElement } from './InvoiceListElement';
import { meta } from './meta';

defineElement({ meta, component: InvoiceListElement });
