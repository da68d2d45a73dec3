"""What the problem-page tests do on a page: open it from file://, read the board and the verdict, play a point."""
import pathlib

from selenium.webdriver.common.by import By


def open_page(driver, page):
    driver.get(pathlib.Path(page).resolve().as_uri())
    driver.find_element(By.CSS_SELECTOR, '[data-board="problem"]')


def board_stones(driver):
    """{SGF point: "B" or "W"} of the stones on the problem's board."""
    return {element.get_attribute("data-point"): element.get_attribute("data-stone")
            for element in driver.find_elements(By.CSS_SELECTOR, '[data-board="problem"] [data-stone]')}


def verdict(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-verdict]").get_attribute("data-verdict") or ""


def click_point(driver, point):
    targets = driver.find_elements(By.CSS_SELECTOR, f'[data-board="problem"] [data-point="{point}"]:not([data-stone])')
    assert targets, f"no empty intersection {point} to play on"
    targets[0].click()
