async function openPlace(page, {ticker='AAPL', cp='CALL', expiryIdx=1, strike=null, instr=null, type=null, qty=null, price=null}={}){
  await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(800);
  const d = page.getByRole('dialog');
  await d.getByText(ticker,{exact:true}).first().click(); await page.waitForTimeout(500);
  await d.getByText(cp,{exact:true}).click(); await page.waitForTimeout(2000);
  const sels = d.locator('select');
  await sels.nth(0).selectOption({index:expiryIdx}); await page.waitForTimeout(500);
  if (strike){ const s=d.getByPlaceholder('Strike'); await s.fill(strike); await page.waitForTimeout(500);
     const opt = page.locator('.bp6-menu-item, [role=option]',{hasText:strike}).first(); if (await opt.count()) await opt.click(); else await s.press('Enter'); await page.waitForTimeout(500);}
  if (instr) await sels.nth(1).selectOption(instr);
  if (type) await sels.nth(2).selectOption(type);
  await page.waitForTimeout(300);
  const inputs = d.locator('input[type=text], input:not([type])');
  if (qty!==null) await d.getByLabel('Option Contract Total').fill(String(qty));
  if (price!==null) await d.getByLabel('Price').fill(String(price));
  await page.waitForTimeout(500);
  return d;
}
module.exports={openPlace};
