import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { AppCentre } from './AppCentre';
import { meta } from './meta';

defineElement({ meta, component: AppCentre });
