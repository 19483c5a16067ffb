import { useState } from 'react';
import { mapApi, type MapShop, type ShopStatus } from '../../core/api/map';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';

const statuses: ShopStatus[] = ['vacant', 'fitting', 'open'];

/** Operations staff's form for one shop: status, brand and contract; never its shape. */
export function AssignForm({
  shop,
  onSaved,
  onError,
}: {
  shop: MapShop;
  onSaved: (message: string | undefined) => void;
  onError: (error: unknown) => void;
}) {
  const t = useT();
  const [status, setStatus] = useState(shop.status);
  const [brand, setBrand] = useState(shop.brand);
  const [contractNo, setContractNo] = useState(shop.contractNo ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved((await mapApi.assign({ shopId: shop.id, status, brand, contractNo })).message);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      data-shop={shop.number}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 style={{ fontSize: 14 }}>{t('map:editor.selected', { number: shop.number })}</h3>
      <SelectField
        label={t('map:editor.status')}
        value={status}
        onChange={(e) => setStatus(statuses.find((key) => key === e.target.value) ?? status)}
      >
        {statuses.map((key) => (
          <option key={key} value={key}>
            {t(`map:status.${key}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('map:editor.brand')}
        value={brand}
        maxLength={60}
        onChange={(e) => setBrand(e.target.value)}
      />
      <TextField
        label={t('map:editor.contractNo')}
        value={contractNo}
        maxLength={40}
        onChange={(e) => setContractNo(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t('map:editor.assign')}
      </Button>
    </form>
  );
}
