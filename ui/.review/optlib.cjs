async function openPlace(page, {ticker='AAPL', cp='CALL', expiryIdx=1, strike=null, instr=null, type=null, qty=null, price=null}={}){
  await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(800);
  const d = page.getByRole('dialog');
  await d.getByText(ticker,{exact:true}).first().click(); await page.waitForTimeout(500);
  await d.getByText(cp,{exact:true}).click(); await page.waitForTimeout(2000);
  const sels = d.locator('select');
  await sels.nth(0).selectOption({index:expiryIdx}); await page.waitForTimeout(500);
  if (strike){ const s=page.locator('input[placeholder=Strike]'); await s.click(); await page.waitForTimeout(300); await page.keyboard.type(strike); await page.waitForTimeout(600);
     await page.locator('.bp6-menu').getByText(strike,{exact:true}).first().click(); await page.waitForTimeout(700);}
  if (instr) await sels.nth(1).selectOption(instr);
  if (type) await sels.nth(2).selectOption(type);
  await page.waitForTimeout(300);
  const inputs = d.locator('input[type=text], input:not([type])');
  if (qty!==null) await d.getByLabel('Option Contract Total',{exact:true}).fill(String(qty));
  if (price==='ask'){ const t=await d.innerText(); const m=t.match(/Ask ([0-9.]+)/); price=m[1]; console.log('ask',price);} if (price!==null) await d.getByLabel('Price',{exact:true}).fill(String(price));
  await page.waitForTimeout(500);
  return d;
}
module.exports={openPlace};
